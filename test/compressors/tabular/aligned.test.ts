import { describe, expect, it } from "vitest";
import { parseHeaderAligned, parseLsListing } from "../../../src/compressors/tabular/aligned.js";
import { cellValue, rowRecords, type Table } from "../../../src/compressors/tabular/table.js";

function cells(table: Table, r: number): string[] {
  const out: string[] = [];
  for (let c = 0; c < table.fieldOffset[r + 1] - table.fieldOffset[r]; c++) out.push(cellValue(table, r, c));
  return out;
}

const LS = [
  "total 12",
  "drwxr-xr-x  3 root root 4096 Nov 30 07:04 .",
  "drwxr-xr-x 12 root root 4096 Nov 30 07:04 ..",
  "-rw-r--r--  1 dev  dev   220 Jan  2  2024 my file.txt",
  "lrwxrwxrwx  1 root root    7 Nov 30 07:04 lib -> usr/lib",
].join("\n");

const PS = [
  "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
  "root           1  0.0  0.1 167892 11776 ?        Ss   Nov29   0:05 /sbin/init splash",
  "root           2  0.0  0.0      0     0 ?        S    Nov29   0:00 [kthreadd]",
  "dev         4242 97.3  2.5 912340 81234 pts/1    R+   10:02  12:31 node server.js --port 3000",
].join("\n");

const DOCKER = [
  "CONTAINER ID   IMAGE          COMMAND                  CREATED        STATUS        PORTS                    NAMES",
  '4c01db0b339c   nginx:1.25     "/docker-entrypoint.…"   2 hours ago    Up 2 hours    0.0.0.0:8080->80/tcp     web',
  '9a8b7c6d5e4f   redis:7        "docker-entrypoint.s…"   3 hours ago    Up 3 hours                             cache',
  '1f2e3d4c5b6a   postgres:16    "docker-entrypoint.s…"   5 days ago     Up 5 days     5432/tcp                 db',
].join("\n");

const DF = [
  "Filesystem      Size  Used Avail Use% Mounted on",
  "/dev/sda1        50G   20G   28G  42% /",
  "tmpfs           3.9G     0  3.9G   0% /dev/shm",
  "/dev/sdb1       200G  150G   40G  79% /mnt/data",
].join("\n");

describe("parseLsListing", () => {
  it("reads ls -l rows into mode, links, owner, group, size, modified and name, keeping `total` outside the table", () => {
    const table = parseLsListing(LS) as Table;
    expect(table.kind).toBe("ls");
    expect(table.isRow[0]).toBe(0);
    expect(cells(table, 3)).toEqual(["-rw-r--r--", "1", "dev", "dev", "220", "Jan  2  2024", "my file.txt"]);
    expect(cells(table, 4)[6]).toBe("lib -> usr/lib");
  });

  it("declines text that is not a listing", () => {
    expect(parseLsListing("hello\nworld\nagain\n")).toBeNull();
  });
});

describe("parseHeaderAligned", () => {
  it("splits ps aux word by word, the last column taking the command with its arguments", () => {
    const table = parseHeaderAligned(PS) as Table;
    expect(table.columns).toHaveLength(11);
    expect(cells(table, 3)).toEqual([
      "dev",
      "4242",
      "97.3",
      "2.5",
      "912340",
      "81234",
      "pts/1",
      "R+",
      "10:02",
      "12:31",
      "node server.js --port 3000",
    ]);
  });

  it("splits docker ps by wide gaps and leaves an empty PORTS cell where a container has none", () => {
    const table = parseHeaderAligned(DOCKER) as Table;
    expect(table.columns).toEqual(["CONTAINER ID", "IMAGE", "COMMAND", "CREATED", "STATUS", "PORTS", "NAMES"]);
    expect(cells(table, 2)).toEqual([
      "9a8b7c6d5e4f",
      "redis:7",
      '"docker-entrypoint.s…"',
      "3 hours ago",
      "Up 3 hours",
      "",
      "cache",
    ]);
  });

  it("reads df -h rows with the mount point last", () => {
    const table = parseHeaderAligned(DF) as Table;
    expect(rowRecords(table).length).toBe(3);
    expect(cells(table, 3)).toEqual(["/dev/sdb1", "200G", "150G", "40G", "79%", "/mnt/data"]);
  });

  it("declines text without a header line", () => {
    expect(parseHeaderAligned("12 apples\n13 pears\n14 plums\n")).toBeNull();
  });
});
