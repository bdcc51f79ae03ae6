"""``python -m croupier`` runs the command line."""

import sys

from croupier.cli import main

sys.exit(main())
