; Functions (also returning pointers), prototypes, macros, structs, unions, enums, typedefs, globals.
(function_definition declarator: (function_declarator declarator: (identifier) @name)) @definition.function
(function_definition declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @definition.function
(function_definition declarator: (pointer_declarator declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name)))) @definition.function

(declaration declarator: (function_declarator declarator: (identifier) @name)) @declaration.function
(declaration declarator: (pointer_declarator declarator: (function_declarator declarator: (identifier) @name))) @declaration.function

(preproc_def name: (identifier) @name) @definition.macro
(preproc_function_def name: (identifier) @name) @definition.macro

(struct_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(union_specifier name: (type_identifier) @name body: (field_declaration_list)) @definition.struct
(enum_specifier name: (type_identifier) @name body: (enumerator_list)) @definition.enum
(type_definition declarator: (type_identifier) @name) @definition.typedef
(type_definition declarator: (pointer_declarator declarator: (type_identifier) @name)) @definition.typedef

(translation_unit (declaration declarator: (identifier) @name) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (array_declarator declarator: (identifier) @name))) @definition.global)
(translation_unit (declaration declarator: (init_declarator declarator: (pointer_declarator declarator: (identifier) @name))) @definition.global)
(translation_unit (declaration declarator: (array_declarator declarator: (identifier) @name)) @definition.global)
(translation_unit (declaration declarator: (pointer_declarator declarator: (identifier) @name)) @definition.global)

; Globals inside #ifdef/#if blocks (locals are dropped by the scope walk in symbols.py).
(preproc_ifdef (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_ifdef (declaration declarator: (identifier) @name) @definition.global)
(preproc_if (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_if (declaration declarator: (identifier) @name) @definition.global)
(preproc_else (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_else (declaration declarator: (identifier) @name) @definition.global)
(preproc_elif (declaration declarator: (init_declarator declarator: (identifier) @name)) @definition.global)
(preproc_elif (declaration declarator: (identifier) @name) @definition.global)
(type_definition declarator: (function_declarator declarator: (parenthesized_declarator (pointer_declarator declarator: (type_identifier) @name)))) @definition.typedef
