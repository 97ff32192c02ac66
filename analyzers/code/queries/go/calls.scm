(call_expression function: (identifier) @name)
(call_expression function: (selector_expression operand: (_) @receiver field: (field_identifier) @name))
