"""Code intelligence with tree-sitter: languages, the workspace index, fetch_code, dataflow."""
