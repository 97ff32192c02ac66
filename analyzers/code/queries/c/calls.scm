; Call sites (function-like macro uses parse as calls too).
(call_expression function: (identifier) @name)
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name))
(call_expression function: (parenthesized_expression (identifier) @name))
