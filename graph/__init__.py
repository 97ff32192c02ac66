"""sastls.graph: turns a Finding into a Verdict. Never imports pygls.

Heavy modules (langgraph, litellm) are imported lazily inside the functions that
need them, so importing ``sastls.graph`` stays cheap.
"""
