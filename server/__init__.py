"""sastls.server: the hosts and presenters (language server, CLI, batch, reports)."""
