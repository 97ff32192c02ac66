"""What the fix loop (``sastls.graph.fix_loop``) is made of: the edits model (``patch``), the
verifier (``verify``), the proposers (``proposer``: the protocol and the offline one; ``offline``:
the principled rewrites; ``llm``: the model proposer)."""
