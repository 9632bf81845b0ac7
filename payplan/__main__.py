"""`python -m payplan`: the `payplan` command."""

import sys

from .cli import main

sys.exit(main())
