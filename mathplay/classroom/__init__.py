"""The classroom: who the pupil is, the records of their work, and the teacher's view of
the class.

- ``names``: the pupil's name (the JupyterHub user, or asked once in a lesson);
- ``records``: one JSON line per attempt, written safely by many kernels at once;
- ``collect``: a class's files gathered by the teacher, refusing what could harm;
- ``report``, ``report_html``, ``report_chart``, ``roster``: the class report in the
  terminal, as CSV, HTML and a chart, by pupil, puzzle and skill;
- ``save_results``: "Save my results", a pupil's own copy;
- ``xapi``: the records as xAPI statements for a learning record store;
- ``progress`` and ``progress_cli``: the teacher's entry points (``mathplay progress``).

The content side (puzzle files, kinds, generators) is :mod:`mathplay.puzzles`; nothing
here is imported when this package is.
"""
