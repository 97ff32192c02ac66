; Call sites: @call the call node, @name the called name, @receiver the object of a method call.
(call function: (identifier) @name) @call
(call function: (attribute object: (_) @receiver attribute: (identifier) @name)) @call
