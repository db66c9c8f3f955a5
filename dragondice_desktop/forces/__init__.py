"""Forces (no Qt): the force model, setup validation, one-die edits and the file formats.

Modules: ``model`` (Force), ``validate`` (every setup problem at once), ``slots`` (the
builder's add/move/remove), ``owned`` (counting against a collection), ``io`` (our JSON),
``text_list`` (forum text), ``octgn`` (OCTGN ``.o8d``), ``formats`` (one door to all three),
``errors`` (ForceFileError and input limits), ``samples`` (the six bundled forces).
"""
