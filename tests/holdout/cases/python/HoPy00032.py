import click
from ldap3 import Connection, Server


@click.command()
@click.argument("department")
def staff(department):
    conn = Connection(Server("ldap://ldap.internal"), auto_bind=True)
    query = "(&(objectClass=person)(department={}))".format(department)
    conn.search("dc=corp", query, attributes=["uid"])
    for entry in conn.entries:
        click.echo(entry.uid)


if __name__ == "__main__":
    staff()
