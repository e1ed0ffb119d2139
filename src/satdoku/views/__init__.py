"""What people and tools read: sentences, JSON records, SVG boards, the HTML player, notebook
and terminal views. Nothing below this layer imports it."""

__all__: list[str] = []
