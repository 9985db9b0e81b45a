"""Lessons written as text (MyST Markdown), checked and built into notebooks."""
