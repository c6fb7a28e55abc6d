"""Web forms: they parse what a person typed into the arguments a service takes.

Forms check shape only (a number is a number, a table line reads "1: Map 3"); every rule
of the event itself is the services' job, and their ServiceError lands back on the form
through `add_service_error`.

One module a topic, beside the views that use them (tournaments/views/).
"""
