"""The baccarat table's widgets: the hands, the bet spots and the roads."""
