import getpass

import ldap


def authenticate():
    username = input("user: ")
    password = getpass.getpass()
    conn = ldap.initialize("ldap://127.0.0.1")
    flt = "(&(uid=" + username + ")(objectClass=inetOrgPerson))"
    found = conn.search_s("dc=example,dc=org", ldap.SCOPE_SUBTREE, flt)
    if not found:
        return False
    conn.simple_bind_s(found[0][0], password)
    return True


if __name__ == "__main__":
    print(authenticate())
