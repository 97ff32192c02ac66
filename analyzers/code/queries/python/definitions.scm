; Definitions: @definition.<kind> marks the whole node, @name its name.
; Functions nested in a class become methods (scope walk in symbols.py);
; decorators are folded into the range by the wrapper rule in symbols.py.
(function_definition name: (identifier) @name) @definition.function
(class_definition name: (identifier) @name) @definition.class

; Module-level assignments: globals (only kept when not inside a function).
(module (expression_statement (assignment left: (identifier) @name) @definition.global))
