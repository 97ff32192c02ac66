(preproc_include path: (string_literal) @include.local)
(preproc_include path: (system_lib_string) @include.system)
