"""The typed finding model and the readers that produce it. Imports nothing else of ours."""

from .model import Finding, Level, Location, Region, TraceStep

__all__ = ["Finding", "Level", "Location", "Region", "TraceStep"]
