"""Research experiments on the parser: run by hand, never collected as tests, never imported by
`bot`. Each module with a main block prints its own tables (`python -m tests.research.NAME`)."""
