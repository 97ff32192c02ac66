; Call sites: @name the called name, @receiver the object of a method call.
(call function: (identifier) @name)
(call function: (attribute object: (_) @receiver attribute: (identifier) @name))
