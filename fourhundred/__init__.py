"""fourhundred: the formally verified rules reference for 400 (Arbaa Miyye) and Syrian 41."""

__version__ = "0.1.0"
