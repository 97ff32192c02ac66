import sys

import ldap


def main():
    wanted = []
    for arg in sys.argv[1:]:
        wanted.append("(sn=" + arg + ")")
    flt = "(|" + "".join(wanted) + ")"
    conn = ldap.initialize("ldap://directory.local")
    for dn, _attrs in conn.search_s("dc=local", ldap.SCOPE_SUBTREE, flt):
        print(dn)


main()
