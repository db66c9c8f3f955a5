"""The headless commands of `dragondice`: the app and every subcommand."""
