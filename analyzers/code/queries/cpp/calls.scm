(call_expression function: (identifier) @name) @call
(call_expression function: (qualified_identifier name: (identifier) @name) @receiver) @call
(call_expression function: (field_expression argument: (_) @receiver field: (field_identifier) @name)) @call
(call_expression function: (template_function name: (identifier) @name)) @call
(call_expression function: (qualified_identifier name: (template_function name: (identifier) @name)) @receiver) @call
(new_expression type: (type_identifier) @name) @call
