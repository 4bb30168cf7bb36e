"""The line model: a linear-chain CRF that labels each line of a program text (issue #9).

`features` describes each line, `gold` derives training labels from a truth file, `corpus`
lists and reads the training documents, `train` builds the model, `model` loads the shipped
one on first use and labels a document's lines. `--explain` shows it as a second opinion beside
the rules' readings; the parse consults it only at a choice the rules cannot make with
confidence (`BuilderState.model_reads`). Importing this package loads nothing.
"""
