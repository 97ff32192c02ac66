import os
from dataclasses import dataclass


@dataclass
class Job:
    workdir: str

    def cleanup(self) -> None:
        os.system("rm -rf " + self.workdir)
