"""The venue around the event day: the hall screen, announcements, QR codes at the door and
on the tables, and the featured table's stream overlay (docs/venue.md)."""
