(import_statement source: (string) @import.source) @import
(export_statement source: (string) @import.source) @import
(call_expression function: (identifier) @_require arguments: (arguments . (string) @import.source) (#eq? @_require "require")) @import
