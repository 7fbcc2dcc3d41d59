// The registry of the games' parts: each games/<game>.cpp registers its record here
// when the module loads (a Registrar at namespace scope), and a position names the part
// it is searched by.
#include <map>
#include <stdexcept>

#include "search.hpp"

namespace sc {

namespace {
// made at its first use, so that a registrar in any file may run first
std::map<std::string, Part>& registry() {
    static std::map<std::string, Part> parts;
    return parts;
}
std::string& registry_error() {
    static std::string error;
    return error;
}
}  // namespace

Registrar::Registrar(Part part) {
    if (!part.moves || !part.safe || !part.legal)
        registry_error() = "the part " + part.name + " lacks moves, safe or legal";
    std::string name = part.name;
    if (!registry().emplace(name, std::move(part)).second)
        registry_error() = "two parts are called " + name;
}

const Part* find_part(const std::string& name) {
    auto it = registry().find(name);
    return it == registry().end() ? nullptr : &it->second;
}

std::vector<std::string> part_names() {
    std::vector<std::string> out;
    for (const auto& [name, part] : registry()) out.push_back(name);
    return out;
}

void check_parts() {
    if (!registry_error().empty()) throw std::runtime_error(registry_error());
}

}  // namespace sc
