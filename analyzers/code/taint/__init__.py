"""Taint analysis for the offline analyst: families, per-language specs, engines and judges."""
