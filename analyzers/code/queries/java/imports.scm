(import_declaration) @import
(package_declaration) @package
