"""The strategy drill's widgets and words."""
