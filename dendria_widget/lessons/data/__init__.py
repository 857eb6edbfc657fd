"""The lessons, one module per tutorial notebook: ``lNN_<stem>.py`` defines
``LESSON`` for ``tutorials/NN_<stem>.ipynb``. ``lessons.catalog()`` finds
every module named so, in number order."""
