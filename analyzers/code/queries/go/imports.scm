(import_spec name: (_)? @import.alias path: (interpreted_string_literal) @import.source) @import
(package_clause (package_identifier) @package)
