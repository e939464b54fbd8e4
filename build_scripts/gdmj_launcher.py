"""The frozen bundle's entry point: `client.main.main()` with the process's arguments."""

import sys

from client.main import main

if __name__ == "__main__":
    sys.exit(main())
