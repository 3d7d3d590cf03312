from altimate_learn.entry import main

raise SystemExit(main())
