"""The class, live, on a school's JupyterHub: the ``mathplay-records`` service.

- ``store``: the records in a database (SQLite by default, PostgreSQL for a school),
  each stored once, under the pupil's hub name;
- ``service``: the JupyterHub service (``mathplay-records``): pupils' kernels send their
  records, authenticated with their own hub token; the teacher's dashboard;
- ``dashboard``: the dashboard's pages;
- ``pupil_data``: the data over the years (backup, restore, retention, one pupil's
  export and erasure), run by ``mathplay records`` (``records_cli``).

The kernel's side (sending the records the pupil's file queues) is
:mod:`mathplay.classroom.send`. Nothing here is imported by the rest of mathplay but
the command's ``records_cli`` (which imports the rest only when a command runs): the
service needs ``jupyterhub`` and ``sqlalchemy`` (the ``hub`` extra), pupils' kernels do
not.
"""
