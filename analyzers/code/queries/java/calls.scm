(method_invocation object: (_)? @receiver name: (identifier) @name)
(object_creation_expression type: (type_identifier) @name)
(object_creation_expression type: (generic_type (type_identifier) @name))
