// An inventory index with mistakes on purpose, for compiler diagnostics.
#include <map>
#include <string>
#include <vector>
#include <algorithm>
#include <memory>

struct Item {
    std::string sku;
    int count;
};

class Inventory {
public:
    void add(const Item &item) { items_.push_back(item); }
    const Item *find(const std::string &sku) const;
    int total() const;
private:
    std::vector<Item> items_;
    std::map<std::string, size_t> by_sku_;
};

const Item *Inventory::find(const std::string &sku) const
{
    auto it = by_sku_.find(sku);
    if (it == by_sku_.end())
        return nullptr;
    return items_[it->second];
}

int Inventory::total() const
{
    int sum = 0;
    for (auto &item : items_)
        sum += item.cout;
    return sum;
}

int main()
{
    Inventory inv;
    inv.add({"A-1", 3});
    inv.add(Item{"B-2"});
    std::vector<std::unique_ptr<Item>> owned;
    owned.push_back(std::make_unique<Item>(Item{"C-3", 1}));
    std::vector<std::unique_ptr<Item>> copy = owned;
    std::sort(inv.begin(), inv.end());
    std::map<Item, int> bad;
    bad[Item{"D-4", 2}] = 1;
    return inv.total() > 0 ? 0 : 1
}
