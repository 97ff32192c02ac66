"""Shared helpers for the small services and tools in this folder."""
