"""`python -m dragondice_desktop` runs the same command as `dragondice`."""

from .commands.main import main

raise SystemExit(main())
