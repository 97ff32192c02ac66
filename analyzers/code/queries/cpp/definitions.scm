; Functions and methods (in-class, out-of-line `Class::method`, operators, destructors),
; prototypes, classes, structs, unions, enums, typedefs/aliases, macros, globals.
; A qualified @name (`ns::Class::method`) is split into scope and name in symbols.py.
(function_definition declarator: (function_declarator declarator: (_) @name)) @definition.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (_) @name))) @definition.function
(function_definition declarator: (reference_declarator (function_declarator declarator: (_) @name))) @definition.function

(declaration declarator: (function_declarator declarator: (_) @name)) @declaration.function
(field_declaration declarator: (function_declarator declarator: (_) @name)) @declaration.function

(class_specifier name: (_) @name body: (field_declaration_list)) @definition.class
(struct_specifier name: (_) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (_) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (_) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.typedef
(alias_declaration name: (type_identifier) @name) @definition.typedef
(namespace_definition name: (_) @name) @scope.namespace

(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

(translation_unit (declaration declarator: (identifier) @name) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.global)
(declaration_list (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_ifdef (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_if (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_else (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_elif (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
