"""The draw-poker table's widgets: the pay table."""
