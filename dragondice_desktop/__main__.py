"""`python -m dragondice_desktop` runs the same command as `dragondice`."""

from .cli import main

raise SystemExit(main())
