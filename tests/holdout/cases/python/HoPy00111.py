import ldap
import tornado.web


class UidHandler(tornado.web.RequestHandler):
    def get(self):
        number = int(self.get_argument("n"))
        conn = ldap.initialize("ldap://ldap.internal")
        hits = conn.search_s("dc=corp", ldap.SCOPE_SUBTREE, f"(uidNumber={number})")
        self.write({"found": len(hits)})
