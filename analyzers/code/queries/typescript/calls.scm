(call_expression function: (identifier) @name)
(call_expression function: (member_expression object: (_) @receiver property: (property_identifier) @name))
(new_expression constructor: (identifier) @name)
