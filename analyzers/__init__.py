"""sastls.analyzers: what reads scanner output and code. No LLM, no LSP."""
