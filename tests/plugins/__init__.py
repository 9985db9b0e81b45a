"""The plug-in points: games, boards and puzzle kinds from other packages."""
