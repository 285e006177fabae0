"""The shell: the main window and its chrome; it composes the wings."""
