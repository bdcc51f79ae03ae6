"""``python -m croupier`` runs the command line."""

import sys

from croupier._cli import main

sys.exit(main())
