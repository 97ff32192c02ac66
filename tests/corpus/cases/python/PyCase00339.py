from flask import Flask, request
from markupsafe import Markup

app = Flask(__name__)


class Notice:
    def __init__(self, lines: list[str]) -> None:
        self._lines: list[str] = []
        for line in lines:
            self._lines.append(line.strip())

    def html(self) -> Markup:
        items = []
        for line in self._lines:
            items.append("<li>" + line + "</li>")
        if items:
            return Markup("<ul>" + "".join(items) + "</ul>")
        return Markup("")


@app.route("/notice")
def notice():
    return str(Notice(request.args.getlist("line")).html())
