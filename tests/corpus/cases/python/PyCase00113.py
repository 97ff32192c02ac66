import ldap

from corpuslib.settings import ADMIN_GROUP


def list_admins():
    conn = ldap.initialize("ldap://ldap.internal")
    query = "(&(objectClass=posixGroup)(cn=%s))" % ADMIN_GROUP
    return conn.search_s("ou=groups,dc=internal", ldap.SCOPE_ONELEVEL, query, ["memberUid"])


if __name__ == "__main__":
    print(list_admins())
