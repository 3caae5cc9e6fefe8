from countsweep.cli import main

main()
