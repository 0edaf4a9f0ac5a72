"""``python -m service.cli``: the same command line as ``bootleggers``."""
from service.cli import main

if __name__ == "__main__":
    main()
